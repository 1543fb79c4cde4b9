# Lavalist's server messages: the e-mails (and reminder pushes) it sends, the pages' description
# and link previews, in English, the reference every other locale file follows (server/src/platform/i18n;
# a test fails when a file misses one of these messages or does not parse).
#
# Variables: $username (as the player typed it), $code (6 digits), $link and $url (whole
# addresses), $minutes, $hours, $day and $streak (numbers: plural forms by CLDR rules).
# Link previews: $heading ("Day 870" or "Community game", already in the language), $prompt (a
# game's prompt, in its creator's words), $who (a player's name), $title (a preview's title),
# $items, $found, $total and $score (numbers).
# Keep codes, links and numbers exactly as they are; the product is always "Lavalist".

## Sign-up: the verification code

signup-code-subject = Your Lavalist verification code
signup-code-body =
    Hi { $username },

    Your Lavalist verification code is { $code }.
    It expires in { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }.

## Forgot password: the reset link

reset-subject = Reset your Lavalist password
reset-body =
    Hi { $username },

    Open this link within { $hours ->
        [one] an hour
       *[other] { $hours } hours
    } to choose a new password:
    { $link }

    If you did not ask for this, ignore this e-mail.

## Notices to the account

password-changed-subject = Your Lavalist password was changed
password-changed-body =
    Hi { $username },

    The password of your Lavalist account was just changed, and every other device was logged out.

    If this was not you, reset your password now with "Forgot password?" at { $url }.

account-deleted-subject = Your Lavalist account was deleted
account-deleted-body =
    Hi { $username },

    Your Lavalist account was deleted as you asked. Your results still count in each game's statistics, without your name. This e-mail address can be used for a new account.

## Daily reminders

reminder-subject = Today's Lavalist is ready
reminder-streak-subject = Your { $streak }-day Lavalist streak is waiting
reminder-push-body = Day { $day } is out. Ten to find, eight misses allowed.
reminder-streak-push-body = Day { $day } is out. Play it today to keep your streak going.
# The e-mail: its paragraphs, one after another (the streak one only when a streak is at stake).
reminder-email-intro = Day { $day } of Lavalist is out: ten to find, eight misses allowed.
reminder-email-streak = Play it today to keep your { $streak }-day streak.
reminder-email-play = Play today's game: { $url }
reminder-email-footer =
    You get this e-mail because you turned on daily e-mail reminders in Lavalist's settings.
    Stop these e-mails (no login needed): { $unsubscribe }

## The pages' description (index.html's <meta name="description">; the English is the file's own)

page-description = Lavalist: name all ten things on today's list before the lava rises.

## Link previews: the tags a chat app shows for a link (server/src/domains/previews)

# The site's own preview (its title is "Lavalist").
preview-site-description = A daily list-guessing game: name all { $items } things on today's list before the lava rises.
preview-site-image-alt = Lavalist: a new list every day
# A game's preview.
preview-game-title = Lavalist { $heading }: { $prompt }
preview-game-description = Name all { $items } things on the list before the lava rises. A new list every day.
preview-image-alt = { $heading }: { $prompt }
# A shared result.
preview-result-description = A player found { $found } of { $total } and scored { $score }. Can you do better? No spoilers: the answers stay hidden.
preview-result-image-alt = { $heading }: { $prompt }. Score { $score }
# A challenge link: who challenges (else "A friend"), then the game's title.
preview-challenge-title = { $who } challenges you: { $title }
preview-a-friend = A friend
preview-challenge-description = Name all { $items } things on the list, then see your results side by side. No spoilers: the answers stay hidden.
# A group's invite link (it shows today's game).
preview-invite-description = You're invited to play Lavalist with a group: name all { $items } things on today's list before the lava rises.

## The preview's card (an image: short lines)

card-site-title = A new list every day.
card-site-tagline = Name all ten before the lava rises.
card-site-footer = Daily game · archive · community games · groups
card-game-footer = Name all { $items } before the lava rises.
