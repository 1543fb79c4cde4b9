DROP TABLE channel_deliveries;
DROP TABLE group_channels;
