// The commands for a partner's laptop, registered with the dispatcher.
export {};
