-- Words the profanity rule flags that a game keeps (issue 43, point 4): stored when the creator
-- said they are real names (a town, a surname), or by an admin's edit, as JSON
-- `[{"field": "items.0.name", "words": ["Twatt"]}]`; NULL when there are none. The review queue
-- highlights them.
ALTER TABLE games ADD COLUMN flagged_words TEXT;
