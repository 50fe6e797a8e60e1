import qrcode from "qrcode-generator";

/**
 * A QR code as one SVG path, drawn on the server so the page needs no script or image request for
 * it. `size` is the module count; the caller adds a quiet zone around it with the viewBox.
 */
export function qrCodePath(text: string): { size: number; path: string } {
  // Medium error correction survives a smudged print without making the code dense.
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  const size = qr.getModuleCount();
  let path = "";
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (qr.isDark(row, col)) path += `M${col} ${row}h1v1h-1z`;
    }
  }
  return { size, path };
}
