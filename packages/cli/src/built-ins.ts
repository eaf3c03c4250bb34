// The commands for a partner's laptop, registered with the dispatcher: `listen`, `trigger`, `logs`.
import { listen } from './listen.js';
import { logs } from './logs.js';
import { registerBuiltIn } from './main.js';
import { trigger } from './trigger.js';

registerBuiltIn({ name: 'listen', run: listen });
registerBuiltIn({ name: 'trigger', run: trigger });
registerBuiltIn({ name: 'logs', run: logs });
