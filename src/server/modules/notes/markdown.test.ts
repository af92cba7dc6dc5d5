import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders CommonMark: emphasis, lists, headings, code', () => {
    const html = renderMarkdown('# Call\n\n**Agreed**: _cliff_ stays\n\n- one\n- two\n\n`code`');
    expect(html).toContain('<h1>Call</h1>');
    expect(html).toContain('<strong>Agreed</strong>');
    expect(html).toContain('<em>cliff</em>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<code>code</code>');
  });

  it('escapes raw HTML: a script is inert text', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\nhi <b onmouseover="x()">b</b>');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<b /);
  });

  it('escapes an image tag with an event handler', () => {
    const html = renderMarkdown('<img src=x onerror="alert(1)">');
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JAVASCRIPT:alert(1))',
    '[x](vbscript:msgbox(1))',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '<javascript:alert(1)>',
  ])('makes no link of %s', (source) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(/<a /);
    expect(html).not.toMatch(/href=/);
  });

  it('opens links apart from the app, without referrer or endorsement', () => {
    const html = renderMarkdown('[site](https://example.com/a?b=1) and https://example.org');
    expect(html).toContain(
      '<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    );
    expect(html).toContain('href="https://example.org" target="_blank"');
  });

  it('shows no images (no fetches of a stranger’s URL)', () => {
    const html = renderMarkdown('![logo](https://tracker.example/p.gif)');
    expect(html).not.toMatch(/<img/i);
  });

  it('keeps line breaks of a plain note', () => {
    expect(renderMarkdown('line one\nline two')).toBe('<p>line one<br>\nline two</p>\n');
  });
});
