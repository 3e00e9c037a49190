/**
 * The printable poster of a template's join page (issue 38): an A4 PDF with the card's name, the join
 * page's QR code and its address, for a counter or a window. Drawn by PDFKit with its built-in Helvetica
 * (no font files to ship); the QR code's modules are squares drawn as vectors, so it prints sharp at any
 * size. The symbol is encoded by qrcode-generator, as on the pass pages.
 */
import PDFDocument from 'pdfkit';
import qrcode from 'qrcode-generator';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const QR_SIZE = 340;
/** The white margin scanners need around the symbol, in modules. */
const QUIET_ZONE = 4;

/** The poster as PDF bytes. */
export function joinPoster(cardName: string, joinUrl: string): Promise<Buffer> {
  const document = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `Join ${cardName}`, Creator: 'Wallet passes' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
  const width = A4.width - 2 * MARGIN;
  document.font('Helvetica-Bold').fontSize(34).text(cardName, MARGIN, MARGIN + 20, { width, align: 'center' });
  document.moveDown(0.4).font('Helvetica').fontSize(18).fillColor('#444444').text('Scan to get your card on your phone', { width, align: 'center' });
  drawQrCode(document, joinUrl, (A4.width - QR_SIZE) / 2, 250);
  document
    .font('Helvetica')
    .fontSize(14)
    .fillColor('#000000')
    .text('or open', MARGIN, 250 + QR_SIZE + 30, { width, align: 'center' })
    .font('Helvetica-Bold')
    .text(joinUrl, { width, align: 'center', link: joinUrl });
  document.font('Helvetica').fontSize(11).fillColor('#666666').text('It takes a name and an email. Your card goes to your wallet, and its link comes by email.', MARGIN, A4.height - MARGIN - 40, { width, align: 'center' });
  document.end();
  return done;
}

function drawQrCode(document: PDFKit.PDFDocument, message: string, x: number, y: number): void {
  const code = qrcode(0, 'M');
  code.addData(message, 'Byte');
  code.make();
  const count = code.getModuleCount();
  const module = QR_SIZE / (count + QUIET_ZONE * 2);
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) {
      if (code.isDark(row, column)) document.rect(x + (column + QUIET_ZONE) * module, y + (row + QUIET_ZONE) * module, module, module);
    }
  }
  document.fillColor('#000000').fill();
}
