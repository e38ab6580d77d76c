import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Test helpers: Debian's yaz-ztest on a free port, and a tiny SRU server with a Chinese MARC21 record. */
export const hasYaz = spawnSync('yaz-ztest', ['-V']).status !== null;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((r) => {
      const c = net.connect(port, '127.0.0.1', () => {
        c.end();
        r(true);
      });
      c.once('error', () => r(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`port ${port} never opened`);
}

/** yaz-ztest on a free port; `log` is its log file (each Init's sign-in is logged: "Auth idPass <user> <group>"). */
export async function startYazZtest(): Promise<{ port: number; log: string; stop: () => void }> {
  const port = await freePort();
  const log = path.join(os.tmpdir(), `ztest-${port}.log`);
  const child: ChildProcess = spawn('yaz-ztest', ['-l', log, `@:${port}`], { stdio: 'ignore' });
  await waitForPort(port);
  return { port, log, stop: () => child.kill() };
}

export const CN_RECORD = `<record xmlns="http://www.loc.gov/MARC21/slim">
<leader>00000nam a2200000 a 4500</leader>
<controlfield tag="001">cn0001</controlfield>
<controlfield tag="008">200101s2019    cc            000 1 chi d</controlfield>
<datafield tag="020" ind1=" " ind2=" "><subfield code="a">9787020002207</subfield><subfield code="c">CNY59.70</subfield></datafield>
<datafield tag="082" ind1="0" ind2="4"><subfield code="a">895.1/348</subfield></datafield>
<datafield tag="084" ind1=" " ind2=" "><subfield code="a">I242.47</subfield><subfield code="2">clc</subfield></datafield>
<datafield tag="100" ind1="1" ind2=" "><subfield code="a">曹雪芹</subfield></datafield>
<datafield tag="245" ind1="1" ind2="0"><subfield code="a">红楼梦 /</subfield><subfield code="c">曹雪芹著</subfield></datafield>
<datafield tag="260" ind1=" " ind2=" "><subfield code="a">北京 :</subfield><subfield code="b">人民文学出版社,</subfield><subfield code="c">2019</subfield></datafield>
<datafield tag="300" ind1=" " ind2=" "><subfield code="a">1606页</subfield></datafield>
<datafield tag="521" ind1="8" ind2=" "><subfield code="a">1180L</subfield><subfield code="b">Lexile</subfield></datafield>
<datafield tag="856" ind1="4" ind2="2"><subfield code="3">Cover image</subfield><subfield code="u">https://covers.example.org/9787020002207.jpg</subfield></datafield>
</record>`;

const response = (n: number, records: string[]) =>
  `<?xml version="1.0"?><zs:searchRetrieveResponse xmlns:zs="http://www.loc.gov/zing/srw/"><zs:version>1.1</zs:version>` +
  `<zs:numberOfRecords>${n}</zs:numberOfRecords><zs:records>${records
    .map(
      (r, i) =>
        `<zs:record><zs:recordSchema>marcxml</zs:recordSchema><zs:recordPacking>xml</zs:recordPacking><zs:recordData>${r}</zs:recordData><zs:recordPosition>${i + 1}</zs:recordPosition></zs:record>`,
    )
    .join('')}</zs:records></zs:searchRetrieveResponse>`;

/**
 * A fake SRU server: /cn answers the record above; /empty no records; /junk not SRU; /diag a diagnostic;
 * /slow never answers. `queries` keeps the CQL it received.
 */
export async function startFakeSru(): Promise<{ port: number; queries: string[]; stop: () => Promise<void> }> {
  const queries: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    queries.push(url.searchParams.get('query') ?? '');
    const send = (body: string) => res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(body);
    if (url.pathname === '/cn') send(response(1, [CN_RECORD]));
    else if (url.pathname === '/empty') send(response(0, []));
    else if (url.pathname === '/junk') send('<html>hello</html>');
    else if (url.pathname === '/diag')
      send(
        '<zs:searchRetrieveResponse xmlns:zs="http://www.loc.gov/zing/srw/"><zs:diagnostics><diagnostic xmlns="http://www.loc.gov/zing/srw/diagnostic/"><uri>info:srw/diagnostic/1/16</uri><message>Unsupported index</message><details>bath.isbn</details></diagnostic></zs:diagnostics></zs:searchRetrieveResponse>',
      );
    else if (url.pathname === '/slow')
      return; // never answers
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    queries,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
