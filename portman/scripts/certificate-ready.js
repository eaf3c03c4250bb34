// The search runs and its certificates are made in the background: the download answers 202 with
// Retry-After until its PDF is ready. Wait (at most 30 s) for the search to complete and name its
// first certificate, then for that certificate to be ready, so the download below gets the PDF.
const base = pm.variables.replaceIn('{{baseUrl}}');
const header = [{ key: 'Authorization', value: 'Bearer ' + pm.variables.get('bearerToken') }];
const searchUrl = base + '/ppsr/searches/' + pm.variables.get('ppsrRequestId');
const deadline = Date.now() + 30000;
const again = (step) => (Date.now() < deadline ? setTimeout(step, 500) : undefined);
function waitForCertificate(number) {
  pm.sendRequest({ url: searchUrl + '/certificates/' + number, method: 'GET', header }, (error, response) => {
    if (error || response.code === 202) again(() => waitForCertificate(number));
  });
}
function waitForSearch() {
  pm.sendRequest({ url: searchUrl, method: 'GET', header }, (error, response) => {
    const body = error ? {} : response.json();
    const certificates = (body.data && body.data.certificates) || [];
    if (body.status !== 'completed' || certificates.length === 0) return again(waitForSearch);
    pm.collectionVariables.set('certificateNumber', certificates[0].certificateNumber);
    waitForCertificate(certificates[0].certificateNumber);
  });
}
waitForSearch();
