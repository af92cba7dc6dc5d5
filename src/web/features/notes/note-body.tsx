/**
 * A note's body as the server rendered it (decision 028): markdown-it with raw HTML off and its
 * link check, links opened apart. The HTML holds only markdown-it's own elements, so it is
 * inserted as it is.
 */
export function NoteBody({ html }: { html: string }) {
  return (
    <div
      className="note-body text-sm break-words"
      // Rendered safely by the server (decision 028): markdown-it with raw HTML off.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
