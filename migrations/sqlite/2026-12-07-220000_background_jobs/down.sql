DROP TABLE background_jobs;
