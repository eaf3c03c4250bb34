// A valid ACN not used before: 8 random digits and the ASIC check digit. The sandbox answers any
// valid ACN as a generated company, so each run orders, watches and applies for a company of its own
// and a second run against the same sandbox meets no `already_monitored` or open application.
const digits = String(10000000 + Math.floor(Math.random() * 90000000));
const sum = digits.split('').reduce((acc, digit, index) => acc + Number(digit) * (8 - index), 0);
pm.collectionVariables.set('freshAcn', digits + String((10 - (sum % 10)) % 10));
