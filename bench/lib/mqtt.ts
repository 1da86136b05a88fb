import mqtt from 'mqtt';

export const MQTT_URL = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

/** True when the broker accepts a connection within two seconds. */
export async function mqttAvailable(url = MQTT_URL): Promise<boolean> {
  try {
    const c = await mqtt.connectAsync(url, { connectTimeout: 2000, reconnectPeriod: 0 });
    await c.endAsync();
    return true;
  } catch {
    return false;
  }
}

/** Removes the persistent session a (stopped) client id left at the broker: connect clean, leave. */
export async function forgetSession(clientId: string, url = MQTT_URL): Promise<void> {
  try {
    const c = await mqtt.connectAsync(url, {
      clientId,
      clean: true,
      connectTimeout: 2000,
      reconnectPeriod: 0,
    });
    await c.endAsync();
  } catch {
    // the broker keeps it until it expires; nothing else to do
  }
}

export interface MqttRun {
  /** ms from the first publish to the last ack */
  elapsedMs: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  errors: number;
}

/**
 * Publishes gateway uplinks on {root}/gateways/{id}/up with QoS 1, at most `window` of them waiting
 * for the server's answer, and waits until the server has answered every one on
 * {root}/gateways/{id}/ack (it answers after the batch is stored).
 */
export async function publishAndWait(opts: {
  root: string;
  gatewayId: number;
  payloads: string[];
  window: number;
  timeoutMs: number;
  url?: string;
}): Promise<MqttRun> {
  const { root, gatewayId, payloads, window } = opts;
  const client = await mqtt.connectAsync(opts.url ?? MQTT_URL, {
    clientId: `sitepulse-bench-pub-${process.pid}-${Date.now()}`,
    clean: true,
    reconnectPeriod: 0,
  });
  const up = `${root}/gateways/${gatewayId}/up`;
  const ack = `${root}/gateways/${gatewayId}/ack`;
  await client.subscribeAsync(ack, { qos: 1 });
  const run: MqttRun = { elapsedMs: 0, accepted: 0, duplicates: 0, rejected: 0, errors: 0 };
  let sent = 0;
  let answered = 0;
  const start = performance.now();
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`MQTT: ${answered} of ${payloads.length} answered after ${opts.timeoutMs} ms`)),
        opts.timeoutMs,
      );
      const pump = () => {
        while (sent < payloads.length && sent - answered < window) {
          client.publish(up, payloads[sent++], { qos: 1 }, (err) => {
            if (err) reject(err);
          });
        }
      };
      client.on('message', (topic, payload) => {
        if (topic !== ack) return;
        const a = JSON.parse(payload.toString()) as {
          accepted?: number;
          duplicates?: number;
          rejected?: unknown[];
          error?: unknown;
        };
        if (a.error) run.errors++;
        run.accepted += a.accepted ?? 0;
        run.duplicates += a.duplicates ?? 0;
        run.rejected += a.rejected?.length ?? 0;
        answered++;
        if (answered === payloads.length) {
          clearTimeout(timer);
          resolve();
        } else pump();
      });
      pump();
    });
    run.elapsedMs = performance.now() - start;
  } finally {
    await client.endAsync();
  }
  return run;
}
