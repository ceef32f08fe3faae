/**
 * Reads a PDF's text the way a person would see it, for tests that check what a rendered
 * document says. Whitespace is collapsed; pages are joined by a newline.
 */
import jsQRModule from "jsqr";
import { getDocument, OPS, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";

export async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: VerbosityLevel.ERRORS }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ("str" in item ? item.str : ""))
        .join(" ")
        .replace(/\s+/g, " "),
    );
  }
  return pages.join("\n");
}

// jsqr is CommonJS with an ES-style default; NodeNext types its default import as the module object
const jsQR = jsQRModule.default;

/** The QR codes a PDF shows, decoded from its images (jsQR), page by page. */
export async function pdfQrCodes(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: VerbosityLevel.ERRORS }).promise;
  const found: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const operators = await page.getOperatorList();
    for (const [index, operator] of operators.fnArray.entries()) {
      if (operator !== OPS.paintImageXObject) continue;
      const [name] = operators.argsArray[index] as [string];
      const image = await new Promise<{ width: number; height: number; kind: number; data: Uint8ClampedArray }>(
        (resolve) => page.objs.get(name, resolve),
      );
      // pdf.js hands images out as RGBA (kind 3) or RGB (kind 2); jsQR reads RGBA
      const rgba = image.kind === 3 ? image.data : toRgba(image.data);
      const code = jsQR(new Uint8ClampedArray(rgba), image.width, image.height);
      if (code !== null) found.push(code.data);
    }
  }
  await pdf.destroy();
  return found;
}

function toRgba(rgb: Uint8ClampedArray): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray((rgb.length / 3) * 4);
  for (let pixel = 0; pixel < rgb.length / 3; pixel++) {
    rgba.set(rgb.subarray(pixel * 3, pixel * 3 + 3), pixel * 4);
    rgba[pixel * 4 + 3] = 255;
  }
  return rgba;
}
