CREATE TABLE "service_clock" (
	"id" integer PRIMARY KEY NOT NULL,
	"now" timestamp with time zone NOT NULL
);
