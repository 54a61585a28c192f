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
    expect(sanitizeDescriptionHtml('<span><a href="javascript:alert(1)">Size guide</a></span>')).toBe('Size guide');
  });

  it('keeps three plain lines as three lines (issue 31), and the editor’s line divs as paragraphs', () => {
    expect(sanitizeDescriptionHtml('180 GSM cotton\nRegular fit\n\nMachine wash cold')).toBe('<p>180 GSM cotton</p><p>Regular fit</p><p>Machine wash cold</p>');
    expect(sanitizeDescriptionHtml('<div>One</div><div><b>Two</b></div><div>Three</div>')).toBe('<p>One</p><p><b>Two</b></p><p>Three</p>');
    expect(sanitizeDescriptionHtml('One line <script>x</script>')).toBe('One line');
    expect(sanitizeDescriptionHtml('<p>Kept</p>\n<p>as is</p>')).toBe('<p>Kept</p>\n<p>as is</p>');
  });
});
