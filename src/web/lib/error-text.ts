/**
 * An API error's message as people read it: a validation message that starts with the field's
 * API name ("effectiveDate: …", written for API clients) loses that name when it is the first
 * field's own message: the form marks the field, and camelCase reads as noise in any language.
 */
export function withoutFieldName(
  message: string,
  fields: Readonly<Record<string, string>> | undefined,
): string {
  const [field, text] = Object.entries(fields ?? {})[0] ?? [];
  return field !== undefined && text && message === `${field}: ${text}` ? text : message;
}
