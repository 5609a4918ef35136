/**
 * Writes `text` to the clipboard. The Clipboard API needs a secure context (https or localhost); a
 * dashboard served over plain http falls back to a selected text field and the copy command.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.className = 'ps-visually-hidden';
  document.body.append(field);
  field.select();
  const copied = document.execCommand('copy');
  field.remove();
  if (!copied) throw new Error('the browser refused to copy');
}
