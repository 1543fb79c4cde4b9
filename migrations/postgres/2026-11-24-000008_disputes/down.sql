DROP TABLE disputes;
