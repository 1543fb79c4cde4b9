/**
 * How long fetched data stays fresh and cached (spec §7: stats 5 minutes, unused cache dropped
 * after 5 minutes). A module of its own, without imports: the feature queries read it without
 * pulling the query client into their chunks.
 */
export const FIVE_MINUTES = 5 * 60_000;
