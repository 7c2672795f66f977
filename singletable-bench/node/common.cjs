'use strict';
// What the three Node first-put-and-get scripts share, as ColdStartPutGet.java does for the Java mains: the endpoint
// argument, the order they write and read (the Java mains' Order: same keys, same attributes), and the line they print
// after the clock stops: <ns from the script's first line to the get's result> <ns of the process's CPU> <ms from the
// harness's fork (COLD_START_FORK_NS, as the Java mains take it) to the script's first line, -1 when not given>. The engine runs in another process (cold-start-vs-node.sh starts it).
const started = process.hrtime.bigint();
const firstLine = Date.now();

const endpoint = process.argv[2];
if (!endpoint) {
  throw new Error('usage: node SCRIPT.cjs ENDPOINT (http://127.0.0.1:PORT, table Bench with keys PK and SK)');
}

const table = 'Bench';
const client = { region: 'us-east-1', endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
// the Java mains' order: ColdStartPutGet.order()
const order = {
  customerId: 'COLD', orderId: 'O0001', status: 'PAID', total: 130.99, itemCount: 2,
  createdAt: '2025-05-19T09:01:00Z', tags: ['gift', 'express'],
};

function finish(read) {
  const elapsed = process.hrtime.bigint() - started;
  const usage = process.cpuUsage();
  const fields = ['customerId', 'orderId', 'status', 'total', 'itemCount', 'createdAt', 'tags'];
  const same = read && fields.every((f) => JSON.stringify(read[f]) === JSON.stringify(order[f]));
  if (!same) {
    throw new Error(`the get returned ${JSON.stringify(read)}, not the order put: ${JSON.stringify(order)}`);
  }
  const fork = process.env.COLD_START_FORK_NS;
  const forkToFirstLine = fork ? firstLine - Number(BigInt(fork) / 1000000n) : -1;
  console.log(`${elapsed} ${(usage.user + usage.system) * 1000} ${forkToFirstLine}`);
}

module.exports = { endpoint, table, client, order, finish };
