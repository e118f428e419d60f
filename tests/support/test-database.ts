import crypto from "node:crypto";
import pg from "pg";

/** Makes an empty database on the test PostgreSQL server; returns its name and URL. */
export async function createTestDatabase(adminUrl: string, prefix = "launchkit_test") {
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}
