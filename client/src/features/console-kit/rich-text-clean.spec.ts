import { tidy } from './rich-text-clean';

describe("the rich-text editor's output", () => {
  it('drops the <br> that ends a line and keeps the one that is a blank line', () => {
    expect(tidy('<p>Soft cotton<br></p><p><br></p><p>Made in Dhaka<br></p>')).toBe('<p>Soft cotton</p><p><br></p><p>Made in Dhaka</p>');
    expect(tidy('<ul><li>Breathes<br></li></ul><h3>Care<br></h3>')).toBe('<ul><li>Breathes</li></ul><h3>Care</h3>');
  });

  it("turns a browser's lone non-breaking spaces into spaces, so lines still wrap; two spaces in a row keep theirs", () => {
    expect(tidy('<p>Soft cotton with a&nbsp;<b>hand-drawn print</b>&nbsp;on the front&nbsp;</p>')).toBe('<p>Soft cotton with a <b>hand-drawn print</b> on the front </p>');
    expect(tidy('<p>two&nbsp; spaces, three &nbsp;&nbsp;here</p>')).toBe('<p>two&nbsp; spaces, three &nbsp;&nbsp;here</p>');
  });

  it('drops empty paragraphs before the first line and after the last, and is empty when there is no line', () => {
    expect(tidy('<p><br></p><p>x</p><p><br></p><ul><li>y</li></ul><p><br></p><p><br></p>')).toBe('<p>x</p><p><br></p><ul><li>y</li></ul>');
    expect(tidy('<p><br></p>')).toBe('');
    expect(tidy('<h3>Within 7 days</h3><div>loose text<br></div><div><br></div>')).toBe('<h3>Within 7 days</h3><p>loose text</p>');
    expect(tidy('')).toBe('');
    expect(tidy('<p>x</p>')).toBe('<p>x</p>');
  });
});
