// The document of a finished Form 484 (D-35 `documentUrl`): a PDF summary of the lodged form, made
// with pdf-lib (the PPSR certificates' library). Built on request from the stored form, with the
// finish time as its dates, so the same lodgement always gives the same bytes. Test-environment
// documents are marked as sandbox documents.
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { Form484Request } from '../../../schemas/form484/request.js';
import { documentNumberOf, findByDocumentToken } from './records.js';
import type { Form484Row } from '../../store/schema/form484.js';

const PAGE: [number, number] = [595.28, 841.89]; // A4 in points
const MARGIN = 50;
const LINE = 14;
const MAX_CHARS = 95;
/** Enough for any real form; a body of thousands of rows is summarised, not printed whole. */
const MAX_LINES = 600;
export const SANDBOX_MARK = 'SANDBOX - NOT AN OFFICIAL DOCUMENT';

/** The standard fonts encode WinAnsi only: anything else is printed as `?` instead of failing. */
function printable(text: string): string {
  const clean = text.replace(/[\r\n\t]+/g, ' ').replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
  return clean.length > MAX_CHARS ? `${clean.slice(0, MAX_CHARS - 3)}...` : clean;
}

type Name = { familyName?: string; givenName1?: string; givenName2?: string; givenName3?: string } | undefined;

function nameOf(name: Name): string {
  if (!name) return '';
  return [name.givenName1, name.givenName2, name.givenName3, name.familyName].filter(Boolean).join(' ');
}

function addressOf(address: Record<string, unknown> | undefined): string {
  if (!address) return '';
  return ['careOf', 'line2', 'street', 'locality', 'state', 'postcode', 'country']
    .map((key) => address[key])
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(', ');
}

/** The lines of the summary, section by section, in the order of spec 2.5. */
export function summaryLines(form: Form484Request): string[] {
  const lines: string[] = [];
  const section = (title: string, ...body: string[]) => lines.push('', title, ...body.map((line) => `    ${line}`));
  if (form.registeredOffice) {
    const office = form.registeredOffice;
    section(
      'Registered office',
      `Date of change: ${office.dateOfChange}`,
      `Address: ${addressOf(office.address)}`,
      office.occupyIndicator ? 'The company occupies the premises' : `Occupier: ${office.occupierName ?? ''}`,
    );
  }
  if (form.principalPlaceOfBusiness) {
    const place = form.principalPlaceOfBusiness;
    section('Principal place of business', `Date of change: ${place.dateOfChange}`, `Address: ${addressOf(place.address)}`);
  }
  if (form.ultimateHoldingCompany) {
    const uhc = form.ultimateHoldingCompany;
    section(
      'Ultimate holding company',
      `Status: ${uhc.uhcStatus}, date of change: ${uhc.dateOfChange}`,
      `Name: ${uhc.name ?? ''}${uhc.acn ? `, ACN ${uhc.acn}` : ''}${uhc.abn ? `, ABN ${uhc.abn}` : ''}`,
    );
  }
  if (form.officeHolders?.length) {
    section(
      `Office holders (${form.officeHolders.length})`,
      ...form.officeHolders.map(
        (holder) =>
          `${holder.status} ${nameOf(holder.name)}: ${holder.offices.map((o) => o.office).join(', ')}, date of change ${holder.dateOfChange}`,
      ),
    );
  }
  if (form.shareStructure?.length) {
    section(
      `Share structure (${form.shareStructure.length} classes)`,
      ...form.shareStructure.map(
        (c) =>
          `${c.classCode} ${c.classTitle} (${c.status}): ${c.numberIssued} issued, ${c.totalAmountPaid} paid, ${c.totalAmountUnpaid} unpaid`,
      ),
    );
  }
  if (form.shareIssue) {
    section(
      'Share issue',
      `Earliest date of issue: ${form.shareIssue.earliestDateOfIssue}`,
      ...form.shareIssue.shareClasses.map(
        (c) => `${c.classCode}: ${c.totalNumberInIssue} issued, ${c.amountPaid} paid, ${c.amountDue} due`,
      ),
    );
  }
  if (form.shareCancellation) {
    section(
      'Share cancellation',
      `Earliest date of registration: ${form.shareCancellation.earliestDateOfRegistrationOfCancellation}`,
      `Provision: ${form.shareCancellation.cancellationProvision}`,
      ...form.shareCancellation.shareClasses.map((c) => `${c.classCode}: ${c.totalNumberCancelled} cancelled`),
    );
  }
  if (form.members?.length) {
    section(
      `Members (${form.members.length} holdings)`,
      ...form.members.map((m) => {
        const owners = m.holdingOwners.map((o) => (o.individual ? nameOf(o.individual) : (o.organisation?.name ?? ''))).join(' & ');
        return `${m.shareClass} ${m.number} (${m.holdingStatus}): ${owners}`;
      }),
    );
  }
  if (form.concessionalFees) section('Concessional fees', `Date of change: ${form.concessionalFees.dateOfChange}`);
  if (form.annexures) {
    const annexure = form.annexures;
    section(
      'Annexure',
      `Mark ${annexure.mark}, ${annexure.numberOfPages} page(s), ${annexure.text.length.toLocaleString('en-AU')} characters`,
    );
  }
  section(
    'Signature',
    `${nameOf(form.signature.name)} (${form.signature.role}), signed ${form.signature.date}`,
    'Declares the information true and correct',
  );
  return lines;
}

function headerLines(row: Form484Row, form: Form484Request): string[] {
  return [
    `Document number ${documentNumberOf(row.requestId)}    Request ${row.requestId}`,
    `Company: ${row.companyName}    ACN ${row.acn}`,
    `Lodged ${row.createdAt.toISOString()}    Registered ${row.finishedAt?.toISOString() ?? ''}`,
    `Status: FINISHED    Test transmission: ${form.testTransmissionIndicator ? 'YES' : 'NO'}`,
  ];
}

export async function renderForm484Document(row: Form484Row): Promise<Buffer> {
  // Loaded on the first document, not at start: pdf-lib is the costliest module to load.
  const { PDFDocument, StandardFonts, degrees, rgb } = await import('pdf-lib');
  const form = row.payload as unknown as Form484Request;
  const sandbox = row.environment === 'test';
  const doc = await PDFDocument.create({ updateMetadata: false });
  const at = row.finishedAt ?? row.updatedAt;
  doc.setTitle(`Form 484 ${documentNumberOf(row.requestId)}`);
  doc.setSubject(`Change to company details: ${printable(row.companyName)}`);
  doc.setProducer('Registry Lodgement, Search and Monitoring Service');
  doc.setCreator('Registry Lodgement, Search and Monitoring Service');
  doc.setCreationDate(at);
  doc.setModificationDate(at);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  let lines = [...headerLines(row, form), ...summaryLines(form)];
  if (lines.length > MAX_LINES) lines = [...lines.slice(0, MAX_LINES), `... and ${lines.length - MAX_LINES} more lines`];

  let page: PDFPage | undefined;
  let y = 0;
  const newPage = (): PDFPage => {
    const added = doc.addPage(PAGE);
    if (sandbox) {
      added.drawText(SANDBOX_MARK, {
        x: 120,
        y: 250,
        size: 30,
        font: bold,
        color: rgb(0.85, 0.2, 0.2),
        opacity: 0.35,
        rotate: degrees(45),
      });
    }
    y = PAGE[1] - MARGIN;
    return added;
  };
  const write = (text: string, font: PDFFont, size: number): void => {
    if (!page || y < MARGIN) page = newPage();
    if (text !== '') page.drawText(printable(text), { x: MARGIN, y, size, font, color: rgb(0, 0, 0) });
    y -= size >= 14 ? LINE * 1.6 : LINE;
  };

  write('Form 484 - Change to company details', bold, 16);
  if (sandbox) write(SANDBOX_MARK, bold, 11);
  for (const line of lines) write(line, line.startsWith('    ') || line === '' ? regular : bold, 10);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

const TOKEN = /^doc_[A-Za-z0-9]{24}$/;

/** The PDF behind a document URL, or undefined for an unknown token or a lodgement not finished. */
export async function form484Document(deps: Parameters<typeof findByDocumentToken>[0], token: string): Promise<Buffer | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const row = await findByDocumentToken(deps, token);
  return row ? renderForm484Document(row) : undefined;
}
