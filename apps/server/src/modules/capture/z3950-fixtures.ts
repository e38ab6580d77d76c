import net from 'node:net';
import type { MarcRecord } from '@shuyuan/contracts/marc/record';
import { writeIso2709 } from '../marc/lib/iso2709-writer.ts';
import { CNMARC_LEADER } from '../marc/marc.build.ts';
import {
  type Ber,
  bits,
  bool,
  children,
  completeLength,
  cons,
  external,
  int,
  type Node,
  octets,
  oid,
  readOne,
  seq,
  uint,
} from './ber.ts';
import { DIAG_BIB1 } from './z3950-diag.ts';
import { CHARNEG3 } from './z3950-init.ts';

/**
 * Test helper: a small Z39.50 target for what yaz-ztest cannot do — refuse a sign-in (with the Bib-1
 * diagnostic inside userInformationField, as yaz's zget_init_diagnostics writes it) or agree to UTF-8 — and
 * that keeps every Init it received. Any search finds one UNIMARC record in UTF-8 (红楼梦).
 */

export const CN_UNIMARC: MarcRecord = {
  leader: CNMARC_LEADER,
  fields: [
    { tag: '001', value: 'zcn0001' },
    { tag: '010', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: '978-7-02-000220-7' }] },
    {
      tag: '200',
      ind1: '1',
      ind2: ' ',
      subfields: [
        { code: 'a', value: '红楼梦' },
        { code: 'f', value: '曹雪芹著' },
      ],
    },
    {
      tag: '210',
      ind1: ' ',
      ind2: ' ',
      subfields: [
        { code: 'c', value: '人民文学出版社' },
        { code: 'd', value: '2019' },
      ],
    },
  ],
};

/** userInformationField [11] EXTERNAL userInfo-1 → OtherInformation → EXTERNAL diag-1 → DefaultDiagFormat. */
function refusal(condition: number): Ber {
  const defaultDiag = cons(1, oid(DIAG_BIB1), uint(condition));
  const diagFormat = seq(seq(cons(1, defaultDiag)));
  const diag1 = cons(4, oid('1.2.840.10003.4.2'), cons(0, diagFormat));
  return cons(11, external(oid('1.2.840.10003.10.3'), cons(0, cons(201, seq(diag1)))));
}

/** otherInfo [201] with a charneg-3 TargetResponse: iso10646 UTF-8, records in it too. */
const utf8Accepted = () =>
  cons(201, seq(cons(4, oid(CHARNEG3), cons(0, cons(2, cons(1, cons(2, oid('1.0.10646.1.0.8', 2))), bool(3, true))))));

export interface FakeTargetOptions {
  /** Refuse every Init with this Bib-1 condition (e.g. 1011), or with none when 0. */
  refuse?: number;
  /** Answer a charset proposal with UTF-8 (else no negotiation answer at all). */
  utf8?: boolean;
}

function answer(pdu: Node, o: FakeTargetOptions): Ber | null {
  if (pdu.tag === 20) {
    const proposed = children(pdu.content).some((n) => n.tag === 201);
    const refused = o.refuse !== undefined;
    return cons(
      21,
      bits(3, [0, 1, 2], 3),
      bits(4, [0, 1, 14], 16),
      int(5, 1 << 20),
      int(6, 1 << 20),
      bool(12, !refused),
      refused && o.refuse ? refusal(o.refuse) : null,
      o.utf8 && proposed && !refused ? utf8Accepted() : null,
    );
  }
  if (pdu.tag === 22) return cons(23, int(23, 1), int(24, 0), int(25, 1), bool(22, true));
  if (pdu.tag === 24) {
    const record = cons(1, cons(1, oid('1.2.840.10003.5.1'), octets(1, writeIso2709(CN_UNIMARC))));
    return cons(25, int(24, 1), int(25, 2), int(27, 0), cons(28, seq(record)));
  }
  return null;
}

export async function startFakeZ3950(
  o: FakeTargetOptions,
): Promise<{ port: number; inits: Node[]; stop: () => Promise<void> }> {
  const inits: Node[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buf = Buffer.alloc(0);
    socket.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      for (let n = completeLength(buf); n > 0; n = completeLength(buf)) {
        const pdu = readOne(buf.subarray(0, n));
        buf = buf.subarray(n);
        if (pdu.tag === 20) inits.push(pdu);
        const reply = answer(pdu, o);
        if (reply) socket.write(reply);
        else socket.end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    inits,
    stop: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
