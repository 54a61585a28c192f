import { sizeChartFor } from './size-charts';

describe('size charts', () => {
  it('gives each demo category a chart of its cut, in inches', () => {
    expect(sizeChartFor('men-graphic-tees')?.title).toBe("Men's tee");
    expect(sizeChartFor('men-polo-shirts')?.title).toBe("Men's polo");
    expect(sizeChartFor('women-crop-tops')?.title).toBe("Women's crop top");
    expect(sizeChartFor('women-oversized')?.title).toBe("Women's oversized tee");
    expect(sizeChartFor('women-plain-tees')?.rows.find((row) => row.size === 'M')).toEqual({ size: 'M', chest: 36, length: 26 });
  });

  it('has no chart for a category it does not know', () => {
    expect(sizeChartFor('caps')).toBeNull();
    expect(sizeChartFor(undefined)).toBeNull();
  });
});
