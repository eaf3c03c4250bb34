// A delivery exists once an event reaches the endpoint: simulate a monitoring event on the entity
// this run monitors (sandbox only), then wait (at most 30 s) until the endpoint's log lists it.
const base = pm.variables.replaceIn('{{baseUrl}}');
const header = [
  { key: 'Authorization', value: 'Bearer ' + pm.variables.get('bearerToken') },
  { key: 'Content-Type', value: 'application/json' },
];
const deliveries = base + '/webhooks/' + pm.variables.get('webhookEndpointId') + '/deliveries';
const deadline = Date.now() + 30000;
function waitForDelivery() {
  pm.sendRequest({ url: deliveries, method: 'GET', header }, (error, response) => {
    const listed = error ? [] : response.json().data || [];
    if (listed.length === 0 && Date.now() < deadline) setTimeout(waitForDelivery, 500);
  });
}
pm.sendRequest(
  {
    url: base + '/monitoring/entities/' + pm.variables.get('monitoringEntityId') + '/simulate',
    method: 'POST',
    header,
    body: { mode: 'raw', raw: JSON.stringify({ eventType: 'address_change' }) },
  },
  () => waitForDelivery(),
);
