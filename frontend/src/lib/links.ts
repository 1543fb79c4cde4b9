/**
 * Links a player copies (a result's share link, a group's invite, a challenge) point where the
 * player is: the address in use, so a friend opens the copy the player reached. One helper for
 * all three; the server's own texts with no request to follow (e-mails, pushes, channel
 * messages, link previews' canonical address) use `--public-url` (docs/features/link-previews.md).
 */
export const appLink = (path: string, origin = window.location.origin) => `${origin}${path}`;
