import { paisaToTaka, takaToPaisa } from './money';

describe('money', () => {
  it('shows paisa as Taka with two decimals at most', () => {
    expect(paisaToTaka(45_000)).toBe(450);
    expect(paisaToTaka(12_345)).toBe(123.45);
  });

  it('turns Taka into whole paisa without floating-point drift', () => {
    expect(takaToPaisa(0.1 + 0.2)).toBe(30);
    expect(takaToPaisa(1_450.99)).toBe(145_099);
  });
});
