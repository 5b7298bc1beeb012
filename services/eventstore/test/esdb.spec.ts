import { describe } from 'vitest';
import { createConformanceRegistry, describeEventStoreConformance } from '../src/conformance/suite';
import { createEventStoreDbStore } from '../src/esdb/index';
import { startEsdbTestDouble } from './support/esdb-test-double/index';

describeEventStoreConformance('EventStoreDB adapter on the in-process test double', async () => {
  const double = await startEsdbTestDouble();
  const store = createEventStoreDbStore({ connectionString: double.connectionString, registry: createConformanceRegistry() });
  return {
    store,
    async teardown() {
      await store.close();
      await double.stop();
    },
  };
});

// The same suite against a real server, e.g. EVENTSTORE_URL=esdb://localhost:2113?tls=false (infra/docker-compose.yml).
describe.runIf(!!process.env.EVENTSTORE_URL)('against a real EventStoreDB (EVENTSTORE_URL)', () => {
  describeEventStoreConformance('EventStoreDB adapter on EVENTSTORE_URL', async () => {
    const store = createEventStoreDbStore({ connectionString: process.env.EVENTSTORE_URL!, registry: createConformanceRegistry() });
    return { store, teardown: () => store.close() };
  });
});
