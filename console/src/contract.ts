// The contract data the build took from the document and the schemas (console/contract-data.ts).
export { EXAMPLES, EXAMPLES_DATE, NOTIFIABLE, OPERATIONS, type DocumentExample } from 'virtual:contract';
