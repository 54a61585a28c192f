/** An entry of a draw's list (64 hex characters) by its first and last characters: enough to find it there. */
export const shortEntry = (entry: string) => (entry.length > 20 ? `${entry.slice(0, 10)}…${entry.slice(-6)}` : entry);
