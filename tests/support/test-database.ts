import crypto from "node:crypto";
import pg from "pg";

/**
 * Makes a database on the test PostgreSQL server, empty or (`template`) a copy
 * of that database; returns its name and URL.
 */
export async function createTestDatabase(adminUrl: string, prefix = "launchkit_test", template?: string) {
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}
