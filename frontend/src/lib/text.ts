/** A prompt as the screens show it (the game, cards, a creator's numbers): its first letter capitalised. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
