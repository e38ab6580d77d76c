import { Scope } from '../apps/server/src/platform/tenancy.ts';
import { startSip2Server } from '../apps/server/src/sip2/server.ts';
import { createSipAccount } from '../apps/server/src/sip2/sip-account.service.ts';
import { SipTestClient, withChecksum } from '../apps/server/src/sip2/test-client.ts';
import { barcodeOf, type LibrarySize, readerOf } from './library-fixture.ts';
import { type LibraryServer, libraryServer } from './library-app.ts';
import { SEARCH_LIBRARY } from './search.bench.ts';
import { report, summarize } from './stats.ts';

/** The bench library (built once and cached, shared with the search and circulation benches; BENCH_SCALE shrinks it). */
const LIBRARY: LibrarySize = SEARCH_LIBRARY;
const LOANS = 300;
const WARM_UP = 20;
const STATUS_ROUNDS = 300;
const DATE = '20261122    101500';
/** Patron visits with the PIN (the fixture's readers all have the password below). */
const PIN_VISITS = 60;
const READER_PIN = 'Reader#2026';

/**
 * A self-check machine on one loopback TCP connection against the bench library (100k records, 300k copies,
 * 5,000 readers, 20k open loans): `LOANS` times 11 checkout then 09 checkin, sequentially, each through the
 * desk's borrowItem/returnItem (rules of the reader's group, limits, overdue mode, reservations' hooks) with
 * its sip2_log row, as in production. Readers are the last 100 of the library and copies a range no fixture
 * loan touches, so every exchange succeeds (a refusal stops the bench: it would measure the wrong path).
 * Then the 99/98 status exchange a machine sends between patrons, as the floor of a round trip.
 */
async function selfCheck(s: LibraryServer, label: string) {
  const login = `bench-kiosk-${process.pid}`;
  await createSipAccount(s.database.db, new Scope(s.schoolId), { login, password: 'Bench#2026' });
  const sip = await startSip2Server(s.app, { port: 0, host: '127.0.0.1' });
  const c = await SipTestClient.connect(sip.port);
  try {
    const answer = await c.request(withChecksum(`9300CN${login}|COBench#2026|`, 0));
    if (!answer?.startsWith('941')) throw new Error(`login failed: ${answer}`);
    const out: number[] = [];
    const back: number[] = [];
    for (let i = 0; i < LOANS; i++) {
      const reader = readerOf(LIBRARY.readers - 100 + (i % 100) + 1);
      const barcode = barcodeOf(Math.floor(LIBRARY.records * 2.5) + i + 1);
      const t0 = performance.now();
      const a = await c.request(withChecksum(`11NN${DATE}${DATE}AO|AA${reader}|AB${barcode}|AC|`, i % 10));
      const t1 = performance.now();
      if (!a?.startsWith('121')) throw new Error(`checkout refused: ${a}`);
      const r = await c.request(withChecksum(`09N${DATE}${DATE}AP|AO|AB${barcode}|AC|`, (i + 5) % 10));
      const t2 = performance.now();
      if (!r?.startsWith('101')) throw new Error(`checkin refused: ${r}`);
      if (i >= WARM_UP) {
        out.push(t1 - t0);
        back.push(t2 - t1);
      }
    }
    const o = summarize(out);
    const b = summarize(back);
    report(`SIP2 checkout (11/12) round trip p95, ${label}`, o.p95, 'ms', 20);
    report(`SIP2 checkin (09/10) round trip p95, ${label}`, b.p95, 'ms', 20);
    console.log(
      `  (checkout p50 ${o.p50.toFixed(1)} ms, max ${o.max.toFixed(1)}; checkin p50 ${b.p50.toFixed(1)} ms, max ${b.max.toFixed(1)}; ${o.n} sequential pairs on one connection, ${LIBRARY.copiesPerRecord * LIBRARY.records} copies)`,
    );

    // With the patron's PIN (AD) on every message, as self-check machines send it: a visit is 63 then a checkout (the
    // fixture's readers hold 4 loans of their limit of 5).
    const pinOut: number[] = [];
    const firsts: number[] = [];
    for (let v = 0; v < PIN_VISITS; v++) {
      const reader = readerOf(LIBRARY.readers - 100 + (v % 100) + 1);
      const t0 = performance.now();
      const info = await c.request(withChecksum(`63001${DATE}          AO|AA${reader}|AC|AD${READER_PIN}|`, v % 10));
      if (!info?.includes('|CQY|')) throw new Error(`patron PIN refused: ${info}`);
      firsts.push(performance.now() - t0);
      const barcode = barcodeOf(Math.floor(LIBRARY.records * 2.5) + LOANS + v + 1);
      const t1 = performance.now();
      const a = await c.request(
        withChecksum(`11NN${DATE}${DATE}AO|AA${reader}|AB${barcode}|AC|AD${READER_PIN}|`, v % 10),
      );
      if (!a?.startsWith('121')) throw new Error(`checkout with PIN refused: ${a}`);
      pinOut.push(performance.now() - t1);
      const r = await c.request(withChecksum(`09N${DATE}${DATE}AP|AO|AB${barcode}|AC|`, (v + 3) % 10));
      if (!r?.startsWith('101')) throw new Error(`checkin refused: ${r}`);
    }
    const pin = summarize(pinOut);
    report(`SIP2 checkout with patron PIN round trip p95, ${label}`, pin.p95, 'ms', 20);
    console.log(
      `  (checkout with PIN p50 ${pin.p50.toFixed(1)} ms; the visit's first message, 63 with the PIN checked by its hash: p50 ${summarize(firsts).p50.toFixed(1)} ms; ${PIN_VISITS} visits)`,
    );

    const status: number[] = [];
    for (let i = 0; i < STATUS_ROUNDS + WARM_UP; i++) {
      const t0 = performance.now();
      const r = await c.request(withChecksum('9900302.00', i % 10));
      if (!r?.startsWith('98')) throw new Error(`status failed: ${r}`);
      if (i >= WARM_UP) status.push(performance.now() - t0);
    }
    const st = summarize(status);
    console.log(`  99/98 status round trip p50 ${st.p50.toFixed(2)} ms, p95 ${st.p95.toFixed(2)} ms (the floor)`);
  } finally {
    c.end();
    await sip.close();
  }
}

async function measure(kind: 'PGlite' | 'PostgreSQL', pgUrl?: string | null) {
  const s = await libraryServer(kind, LIBRARY, pgUrl);
  try {
    await selfCheck(s, kind);
  } finally {
    await s.close();
  }
}

/** `npm run bench sip2`: a self-check machine's checkout and checkin round trips against the bench library. */
export async function benchSip2(pgUrl: string | null = null) {
  await measure('PGlite');
  if (!pgUrl) {
    console.log('  PostgreSQL: skipped (no server answers; set BENCH_DATABASE_URL)');
    return;
  }
  await measure('PostgreSQL', pgUrl);
}
