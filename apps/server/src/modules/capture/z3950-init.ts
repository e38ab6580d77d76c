import type { CaptureCharset, CaptureNegotiated } from '@shuyuan/contracts/capture/capture';
import {
  type Ber,
  bits,
  bool,
  CONTEXT,
  children,
  cons,
  ctx,
  int,
  type Node,
  octets,
  oid,
  readOctets,
  readOid,
  seq,
  UNIVERSAL,
} from './ber.ts';
import { findDiagnostic } from './z3950-diag.ts';

/**
 * The Z39.50 Init (Z39.50-1995 / 2003): sign-in (idAuthentication) and character-set negotiation
 * (Character Set and Language Negotiation, version 3, OID 1.2.840.10003.15.3), as yaz's ZOOM and yaz-client
 * send them.
 */

/** Character Set and Language Negotiation-3, carried in the Init's otherInfo. */
export const CHARNEG3 = '1.2.840.10003.15.3';
/** ISO 10646 transfer syntax 1.0.10646.1.0.<form>: 2 UCS-2, 4 UCS-4, 5 UTF-16, 8 UTF-8. */
const ISO10646_FORM = '1.0.10646.1.0';
const FORMS: Record<string, string> = { '2': 'UCS-2', '4': 'UCS-4', '5': 'UTF-16', '8': 'UTF-8' };

/** The sign-in a union catalogue gives its members (NLC, CALIS). */
export interface ZAuth {
  user: string;
  group?: string;
  password?: string;
}

/** referenceId [2] IMPLICIT OCTET STRING. */
export const ref = (id: number) => octets(2, Buffer.from(String(id)));

/**
 * idAuthentication [7] IdAuthentication, the idPass form: SEQUENCE { groupId [0], userId [1], password [2] }
 * (each IMPLICIT InternationalString, optional). yaz-client's `auth user group password` sends exactly this.
 */
export function idAuthentication(a: ZAuth): Ber {
  return cons(
    7,
    seq(a.group ? octets(0, a.group) : null, octets(1, a.user), a.password ? octets(2, a.password) : null),
  );
}

/**
 * otherInfo [201] with one externallyDefinedInfo [4] EXTERNAL { charneg-3, single-ASN1-type [0]
 * CharSetandLanguageNegotiation: proposal [1] OriginProposal { proposedCharSets [1] { iso10646 [2]
 * { encodingLevel [2] 1.0.10646.1.0.8 } }, recordsInSelectedCharSets [3] TRUE } } — UTF-8, records included
 * (yaz-client's `charset UTF-8`).
 */
export function utf8Proposal(): Ber {
  const iso10646 = cons(2, oid(`${ISO10646_FORM}.8`, 2));
  const proposal = cons(1, cons(1, iso10646), bool(3, true));
  return cons(201, seq(cons(4, oid(CHARNEG3), cons(0, proposal))));
}

/** Whether the source's charset setting lets us offer UTF-8 (a MARC-8 or GBK source is read as configured). */
export const offersUtf8 = (charset: CaptureCharset) => charset === 'auto' || charset === 'utf8';

export function initRequest(id: number, opts: { auth?: ZAuth; negotiate: boolean }): Ber {
  // Options: search (0), present (1), namedResultSets (14), and negotiationModel (17) when we propose a charset.
  const options = opts.negotiate ? bits(4, [0, 1, 14, 17], 24) : bits(4, [0, 1, 14], 16);
  return cons(
    20,
    ref(id),
    bits(3, [0, 1, 2], 3), // versions 1, 2, 3
    options,
    int(5, 1 << 20),
    int(6, 1 << 20),
    opts.auth?.user ? idAuthentication(opts.auth) : null,
    octets(110, 'Shuyuan'),
    octets(111, 'Shuyuan copy cataloguing'),
    octets(112, '1'),
    opts.negotiate ? utf8Proposal() : null,
  );
}

export interface InitAnswer {
  accepted: boolean;
  /** A refused Init's Bib-1 diagnostic text (e.g. "Init/AC: Bad Userid and/or Password (1011)"), if it gave one. */
  refusal: string | null;
  /** The target's answer to our charset proposal; null when it gave none (no negotiation). */
  negotiated: CaptureNegotiated | null;
}

/** Reads an InitializeResponse's fields: result [12], userInformationField [11], otherInfo [201]. */
export function readInit(parts: Node[]): InitAnswer {
  const accepted = !!ctx(parts, 12)?.content[0];
  const info = ctx(parts, 11);
  return {
    accepted,
    refusal: !accepted && info ? findDiagnostic(info.content) : null,
    negotiated: readNegotiation(ctx(parts, 201)),
  };
}

/** The TargetResponse [2] of a charneg-3 EXTERNAL in otherInfo: { selectedCharSets [1], …, recordsInSelectedCharSets [3] }. */
function readNegotiation(otherInfo: Node | undefined): CaptureNegotiated | null {
  for (const unit of otherInfo ? children(otherInfo.content) : []) {
    const ext = ctx(children(unit.content), 4);
    if (!ext) continue;
    const parts = children(ext.content);
    const direct = parts.find((p) => p.cls === UNIVERSAL && p.tag === 6);
    const single = ctx(parts, 0);
    if (!direct || readOid(direct.content) !== CHARNEG3 || !single) continue;
    const response = ctx(children(single.content), 2);
    if (!response) continue;
    const fields = children(response.content);
    const selected = ctx(fields, 1);
    const records = ctx(fields, 3);
    return {
      charset: selected ? charsetName(children(selected.content)[0]) : 'none',
      records: !!records?.content[0],
    };
  }
  return null;
}

/** The selected set's name: iso10646 [2] by its form, private [3] (externallySpecified text or OIDs), iso2022 [1], none [4]. */
function charsetName(n: Node | undefined): string {
  if (!n || n.cls !== CONTEXT) return 'none';
  if (n.tag === 2) {
    const level = ctx(children(n.content), 2);
    const arcs = level ? readOid(level.content) : '';
    return arcs.startsWith(`${ISO10646_FORM}.`) ? (FORMS[arcs.slice(ISO10646_FORM.length + 1)] ?? arcs) : arcs;
  }
  if (n.tag === 3) {
    const [p] = children(n.content);
    if (p?.cls === CONTEXT && p.tag === 2) {
      const octet = ctx(children(p.content), 1);
      if (octet) return readOctets(octet).toString('latin1');
    }
    if (p?.cls === CONTEXT && p.tag === 1)
      return children(p.content)
        .map((o) => readOid(o.content))
        .join(' ');
    return 'private';
  }
  return n.tag === 1 ? 'ISO 2022' : 'none';
}

/**
 * How records are decoded: as UTF-8 when the target selected UTF-8 for records too; otherwise as the source is
 * set (auto = the importer's detection).
 */
export function recordCharset(charset: CaptureCharset, negotiated: CaptureNegotiated | null): CaptureCharset {
  const utf8 = negotiated && /^utf-?8$/i.test(negotiated.charset) && negotiated.records;
  return utf8 && offersUtf8(charset) ? 'utf8' : charset;
}
