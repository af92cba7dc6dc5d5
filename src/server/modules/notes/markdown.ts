import MarkdownIt from 'markdown-it';

/**
 * The one Markdown renderer of the interaction log (issue 15, decision 028): CommonMark with
 * tables and strikethrough, `html: false` so that raw HTML in a note is escaped into text
 * (`<script>` is shown, never run), markdown-it's own link check (no `javascript:`, `vbscript:`,
 * `file:` or non-image `data:` links), and every link opened apart from the app
 * (`target="_blank"`, `rel="noopener noreferrer nofollow"`). Images are left as their alt text:
 * a note must not make the reader's browser fetch a stranger's URL.
 */
const md = new MarkdownIt('default', {
  html: false,
  linkify: true,
  breaks: true,
  typographer: false,
});
md.disable(['image']);

const defaultLinkOpen =
  md.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  token.attrSet('target', '_blank');
  token.attrSet('rel', 'noopener noreferrer nofollow');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** The HTML of a note's Markdown body, safe to insert into the page as it is. */
export function renderMarkdown(body: string): string {
  return md.render(body);
}
