/**
 * Money is integer paisa inside the server (1 Taka = 100 paisa) so sums never drift; answers show Taka as
 * a number with at most two decimals, which the storefront formats with the currency symbol.
 */
export type Paisa = number;

export function paisaToTaka(paisa: Paisa): number {
  return Math.round(paisa) / 100;
}

export function takaToPaisa(taka: number): Paisa {
  return Math.round(taka * 100);
}
