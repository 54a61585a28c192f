/** An entry of a draw's list (64 hex characters) by its first and last characters: enough to find it there. */
export const shortEntry = (entry: string) => (entry.length > 16 ? `${entry.slice(0, 8)}…${entry.slice(-4)}` : entry);
