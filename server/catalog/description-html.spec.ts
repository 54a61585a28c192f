import { sanitizeDescriptionHtml } from './description-html';

describe('sanitizeDescriptionHtml', () => {
  it('keeps simple formatting', () => {
    const html = '<p><strong>180 GSM</strong> combed cotton</p><ul><li>Regular fit</li><li><em>Machine wash cold</em></li></ul>';
    expect(sanitizeDescriptionHtml(html)).toBe(html);
  });

  it('drops scripts with their content, event handlers and inline styles', () => {
    const dirty = '<p onclick="steal()" style="color:red">Soft<script>alert(1)</script> tee</p><img src=x onerror="alert(2)">';
    expect(sanitizeDescriptionHtml(dirty)).toBe('<p>Soft tee</p>');
  });

  it('unwraps links and unknown tags but keeps their text, so no javascript: URL survives', () => {
    expect(sanitizeDescriptionHtml('<div><a href="javascript:alert(1)">Size guide</a></div>')).toBe('Size guide');
  });
});
