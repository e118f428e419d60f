#!/usr/bin/env node
// Grants or revokes the admin role from the shell:
//   npm run admin -- grant someone@example.com
//   npm run admin -- revoke someone@example.com
// Uses DATABASE_PATH (default ./data/launchkit.db), like the server.
import path from "node:path";
import fs from "node:fs";
import Database from "better-sqlite3";

const [command, rawEmail] = process.argv.slice(2);
if (!["grant", "revoke", "list"].includes(command ?? "") || (command !== "list" && !rawEmail)) {
  console.error("Usage: npm run admin -- grant <email> | revoke <email> | list");
  process.exit(2);
}
const file = path.resolve(process.env.DATABASE_PATH || "./data/launchkit.db");
if (!fs.existsSync(file)) {
  console.error(`No database at ${file}. Start LaunchKit once (npm start) or set DATABASE_PATH.`);
  process.exit(1);
}
const db = new Database(file);
db.pragma("busy_timeout = 5000");
if (command === "list") {
  for (const row of db.prepare("select email, name from users where role = 'admin' order by email").all()) {
    console.log(`${row.email}\t${row.name}`);
  }
  process.exit(0);
}
const email = rawEmail.trim().toLowerCase();
const role = command === "grant" ? "admin" : "user";
const result = db
  .prepare("update users set role = ?, updated_at = ? where email = ?")
  .run(role, Date.now(), email);
if (result.changes === 0) {
  console.error(`No user with e-mail ${email}.`);
  process.exit(1);
}
console.log(`${email} is now ${role === "admin" ? "an admin" : "a regular user"}.`);
