import { EditingConfig } from '@shuyuan/contracts/catalogue/editing-config';
import { P } from '@shuyuan/contracts/common/paths';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { ACCESS, needAny } from './access.ts';
import { editingOptions, getAfi, getEditingConfig, saveEditingConfig } from './editing-config.service.ts';

/** Permission code of the editing settings screen (/book-editing-rule). */
const RULES = 'book-editing-rule';

/** The school's cataloguing settings and the AFI values RFID stations write. */
export function editingRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Literature/GetEditingConfig`,
    access: 'school',
    summary: 'The cataloguing settings (every cataloguing screen reads them)',
    handler: ({ db, scope }) => getEditingConfig(db, scope),
  });
  route(app, {
    url: `${P}/Literature/SaveEditingConfig`,
    access: `${RULES}:edit`,
    schema: EditingConfig,
    audit: 'catalogue.config.save',
    handler: ({ db, scope, body, t }) => saveEditingConfig(db, scope, body, t),
  });
  route(app, {
    url: `${P}/Catalogue/GetEditingOptions`,
    access: 'school',
    summary: 'Branches, locations, resource types and open batches to pick from on the cataloguing screens',
    handler: ({ db, scope, user }) => {
      // Every screen that picks from these: the cataloguing screens, batches, the rules, and the MARC import
      // (default location and batch of the copies it creates), and union cataloguing (the copies of a copied record).
      needAny(user, [...ACCESS.view, 'batch', 'book-editing-rule', 'marc-import', 'union-catalog']);
      return editingOptions(db, scope);
    },
  });
  route(app, {
    url: `${P}/Config/GetAFI`,
    access: 'school',
    summary: 'AFI values to write to tags; refused until set in the editing settings',
    handler: ({ db, scope }) => getAfi(db, scope),
  });
}
