// Form 484 dates are judged against today in Australia/Brisbane (UTC+10, no daylight saving): a
// change date and a signature date of today stay valid whenever the collection runs.
pm.collectionVariables.set('brisbaneToday', new Date(Date.now() + 10 * 3600 * 1000).toISOString().slice(0, 10));
