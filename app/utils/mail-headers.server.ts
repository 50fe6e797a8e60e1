/**
 * What a message's header lines and body may carry onto the SMTP wire (issue 32, N1; decision 106).
 * worker-mailer writes header values as given (it encodes only a non-ASCII one) and dot-stuffs only
 * after CRLF, so a CR or LF in a subject or a name would start a header or a body of the sender's
 * choosing, and a bare LF, dot, LF could end DATA on a lenient server. Everything here makes its
 * value safe whatever a stored row holds: validation keeps new rows clean, these keep old ones so.
 */

/** Every control character (CR, LF and tab among them) and the Unicode line and paragraph separators. */
const LINE_BREAKS_AND_CONTROLS = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;
/** A header line may be 998 characters (RFC 5322 2.1.1); a longer value goes as folded encoded words. */
const MAX_PLAIN_VALUE = 900;
/** UTF-8 bytes per encoded word: 52 base64 characters, so "Subject: " and one word stay within 78. */
const WORD_BYTES = 39;

const encoder = new TextEncoder();

/** A header is one line: each run of control characters or line breaks becomes one space. */
export function oneLine(value: string): string {
  return value.replace(LINE_BREAKS_AND_CONTROLS, " ");
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * RFC 2047 encoded words ("B" encoding of UTF-8), split between code points (a decoder joins
 * adjacent words) and folded with CRLF and a space, which RFC 5322 unfolds away.
 */
function encodedWords(text: string): string {
  const words: string[] = [];
  let word = "";
  let bytes = 0;
  for (const char of text) {
    const size = encoder.encode(char).length;
    if (bytes + size > WORD_BYTES && word) {
      words.push(word);
      word = "";
      bytes = 0;
    }
    word += char;
    bytes += size;
  }
  words.push(word);
  return words.map((w) => `=?UTF-8?B?${base64(encoder.encode(w))}?=`).join("\r\n ");
}

/**
 * An unstructured header value (a subject): plain when it is printable ASCII that cannot be read as
 * an encoded word, else encoded words. Either way it holds no CR or LF but the folds it makes itself.
 */
export function headerText(value: string): string {
  const line = oneLine(value);
  if (PRINTABLE_ASCII.test(line) && !line.includes("=?") && line.length <= MAX_PLAIN_VALUE) return folded(line);
  return encodedWords(line);
}

/** The room on a header's first line after "Subject: ", and on each folded line after it. */
const FIRST_LINE = 78 - "Subject: ".length;
const NEXT_LINE = 78;

/**
 * Folds plain text before a space that starts a word (RFC 5322 2.2.3), so lines stay within 78
 * where words allow; unfolding (removing the CRLF) gives the text back unchanged.
 */
function folded(line: string): string {
  if (line.length <= FIRST_LINE) return line;
  const lines: string[] = [];
  let current = "";
  let room = FIRST_LINE;
  for (const piece of line.split(/(?= \S)/)) {
    if (current && current.length + piece.length > room) {
      lines.push(current);
      current = piece;
      room = NEXT_LINE;
    } else {
      current += piece;
    }
  }
  lines.push(current);
  return lines.join("\r\n");
}

/** Printable ASCII with no space or specials: an address that cannot end or extend an SMTP command or header. */
const ADDRESS = /^[!#-'*+\-./0-9=?A-Z^-~]+@[A-Za-z0-9.-]+$/;

/** The address itself, as it goes into `RCPT TO:<…>` and the To header; anything else is refused. */
export function smtpAddress(address: string): string {
  if (!ADDRESS.test(address)) throw new Error("Refused to send: the address has characters that cannot go into SMTP");
  return address;
}

/**
 * `"Name" <address>` (a quoted string, as worker-mailer writes it) when the name is printable ASCII,
 * `=?UTF-8?B?…?= <address>` when it is not (an encoded word may not sit inside quotes), or the bare
 * address.
 */
export function mailboxHeader(mailbox: { name?: string; email: string }): string {
  const email = smtpAddress(mailbox.email);
  const name = mailbox.name ? oneLine(mailbox.name).trim() : "";
  if (!name) return email;
  const phrase = PRINTABLE_ASCII.test(name) ? `"${name.replace(/["\\]/g, "\\$&")}"` : encodedWords(name);
  return `${phrase} <${email}>`;
}

const HEADER_NAME = /^[A-Za-z0-9-]+$/;

/**
 * Headers the app adds itself (List-Unsubscribe...): structured values, which encoded words would
 * break, so a name or value that is not plain printable ASCII is refused rather than sent.
 */
export function extraHeaders(headers: Record<string, string> = {}): Record<string, string> {
  const safe: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || !PRINTABLE_ASCII.test(value)) {
      throw new Error(`Refused to send: the ${JSON.stringify(name)} header is not plain printable ASCII`);
    }
    safe[name] = value;
  }
  return safe;
}

/**
 * A body with LF line endings only: worker-mailer's quoted-printable turns each LF into CRLF (and
 * a lone CR into "=0D"), so DATA ends every line with CRLF and its dot-stuffing after CRLF is whole.
 */
export function bodyLines(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}
