export { buildPublicDocument, createPublicRegistry, CONTRACT_VERSION } from './registry.js';
export { buildAdminDocument } from './admin/index.js';
