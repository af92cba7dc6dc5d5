import { useDocumentTitle } from '../lib/use-document-title';

/** Unknown URLs: deliberately plain (the spec asks for the bare text). */
export function NotFound() {
  useDocumentTitle('Not found');
  return <p className="py-12 text-center text-lg">Not found</p>;
}
