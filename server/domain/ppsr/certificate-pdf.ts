// The certificate PDF (D-32): a real PDF made with pdf-lib, naming the PPSR search number, the
// registration (or that none was found), what was searched and when. Test-environment certificates
// carry "SANDBOX - NOT AN OFFICIAL CERTIFICATE". The document dates come from the service clock, so
// the same certificate made twice is the same bytes.
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { PpsrRegistrationRecord } from '../../registers/ppsr/ppsr-register.js';

export const SANDBOX_MARK = 'SANDBOX - NOT AN OFFICIAL CERTIFICATE';

export interface CertificateContent {
  certificateNumber: string;
  environment: 'live' | 'test';
  ppsrSearchNumber: string;
  searchType: string;
  searched: string;
  searchedAt: string;
  /** Null for the no-registrations certificate. */
  registration: PpsrRegistrationRecord | null;
  issuedAt: Date;
}

// The standard fonts encode WinAnsi only; a name from a request may hold anything, so anything else
// prints as "?" rather than failing the job.
function printable(value: string): string {
  return value.replace(/[^\x20-\x7E]/g, '?');
}

function wrap(value: string, width: number): string[] {
  const lines: string[] = [];
  let rest = printable(value);
  while (rest.length > width) {
    const cut = rest.lastIndexOf(' ', width);
    const at = cut > width / 2 ? cut : width;
    lines.push(rest.slice(0, at));
    rest = rest.slice(at).trimStart();
  }
  lines.push(rest);
  return lines;
}

class Writer {
  private y = 780;
  constructor(
    private readonly page: PDFPage,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {}
  heading(text: string, size = 16): void {
    this.page.drawText(printable(text), { x: 50, y: this.y, size, font: this.bold });
    this.y -= size + 10;
  }
  field(label: string, value: string): void {
    const lines = wrap(value, 60);
    this.page.drawText(printable(label), { x: 50, y: this.y, size: 10, font: this.bold });
    for (const line of lines) {
      this.page.drawText(line, { x: 200, y: this.y, size: 10, font: this.font });
      this.y -= 14;
    }
    this.y -= 2;
  }
  gap(): void {
    this.y -= 10;
  }
}

export async function renderCertificatePdf(content: CertificateContent): Promise<Buffer> {
  // Loaded on the first certificate, not at start: pdf-lib is the costliest module to load.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(`PPSR search certificate ${content.certificateNumber}`);
  doc.setProducer('Registry Lodgement, Search and Monitoring Service');
  doc.setCreator('Registry Lodgement, Search and Monitoring Service');
  doc.setCreationDate(content.issuedAt);
  doc.setModificationDate(content.issuedAt);
  const page = doc.addPage([595.28, 841.89]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  if (content.environment === 'test') {
    page.drawText(SANDBOX_MARK, { x: 50, y: 810, size: 14, font: bold, color: rgb(0.8, 0, 0) });
    page.drawText(SANDBOX_MARK, { x: 50, y: 20, size: 10, font: bold, color: rgb(0.8, 0, 0) });
  }
  const w = new Writer(page, font, bold);
  w.heading('PPSR Search Certificate');
  w.field('Certificate number', content.certificateNumber);
  w.field('Search number', content.ppsrSearchNumber);
  w.field('Search type', content.searchType);
  w.field('Searched', content.searched);
  w.field('Searched at', content.searchedAt);
  w.gap();
  const r = content.registration;
  if (!r) {
    w.heading('No registrations', 12);
    w.field('Result', 'The search found no registration on the register.');
  } else {
    w.heading('Registration', 12);
    w.field('Registration number', r.registrationNumber);
    w.field('Change number', r.changeNumber);
    w.field('Registration start', r.registrationStart);
    w.field('Registration end', r.registrationEnd);
    w.field('Grantor', r.grantorNumber ? `${r.grantorName} (${r.grantorNumber})` : r.grantorName);
    w.field('Secured party', `${r.securedPartyName} (SPG ${r.spgNumber})`);
    w.field('Collateral', `${r.collateralType}, ${r.collateralClass}`);
    if (r.collateralDescription) w.field('Description', r.collateralDescription);
    if (r.serialNumber) w.field('Serial number', `${r.serialNumber} (${r.serialNumberType})`);
    w.field('PMSI', r.isPmsi ? 'Yes' : 'No');
  }
  return Buffer.from(await doc.save());
}
