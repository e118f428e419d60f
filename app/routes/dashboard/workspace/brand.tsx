import { getInputProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, redirect, useSearchParams } from "react-router";
import { Field, SelectField } from "~/ui/forms";
import { Button } from "~/ui/ui/button";
import { useValidatedForm } from "~/ui/use-validated-form";
import { BrandPreview } from "~/ui/workspace/brand-preview";
import { AssetStatus, Panel } from "~/ui/workspace/shell";
import { workspaceKitName } from "~/ui/workspace/summary";
import { regenerate } from "~/kit/plans/regenerations.server";
import { kitBrand } from "~/kit/content.server";
import { saveBrandEdit } from "~/kit/assets/brand/edit.server";
import { PALETTE_ROLES, type Palette } from "~/kit/brand/brand";
import { BrandEditSchema } from "~/kit/brand/edit-schema";
import { FONT_IDS, FONTS, fontStack } from "~/kit/brand/fonts";
import { buttonTextColor, contrastRatio, hexToRgb } from "~/kit/brand/palette";
import { requireKitSection, requireOwnKit } from "~/features/workspace/workspace.server";
import type { Route } from "./+types/brand";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Brand · ${workspaceKitName(matches)} | LaunchKit` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { kit, rows } = await requireKitSection(request, params.id);
  const row = rows.find((r) => r.kind === "brand");
  return { brand: await kitBrand(kit.id), row: row ? { status: row.status, error: row.error, version: row.version } : null };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { kit, user } = await requireOwnKit(request, params.id);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "regenerate") {
    // Counted against the month's regenerations (app/kit/plans/regenerations.server.ts).
    const refused = await regenerate(user.id, kit, "brand");
    if (refused) return data({ result: null, message: refused.message }, { status: refused.status });
    return redirect(`/dashboard/kits/${kit.id}/brand`, 303);
  }
  if (intent !== "save") return data({ result: null, message: "Unknown action." }, { status: 400 });
  const current = await kitBrand(kit.id);
  if (!current) return data({ result: null, message: "This kit has no brand yet: generate it first." }, { status: 409 });
  const submission = parseWithZod(formData, { schema: BrandEditSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), message: null }, { status: 400 });
  await saveBrandEdit(kit.id, current, submission.value);
  return redirect(`/dashboard/kits/${kit.id}/brand?saved=1`, 303);
}

function withoutKey<T extends { key?: string }>(props: T): Omit<T, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}

function rgb(hex: string) {
  const { r, g, b } = hexToRgb(hex);
  return `rgb(${r}, ${g}, ${b})`;
}

function ratio(a: string, b: string) {
  return contrastRatio(a, b).toFixed(2);
}

function FontFaces({ ids }: { ids: string[] }) {
  const css = [...new Set(ids)]
    .filter((id): id is (typeof FONT_IDS)[number] => (FONT_IDS as readonly string[]).includes(id))
    .flatMap((id) =>
      FONTS[id].weights.map(
        (w) => `@font-face{font-family:'${FONTS[id].family}';font-weight:${w};font-display:swap;src:url(/fonts/${id}-${w}.woff) format('woff')}`,
      ),
    )
    .join("");
  return <style>{css}</style>;
}

export default function BrandSection({ loaderData, actionData }: Route.ComponentProps) {
  const { brand, row } = loaderData;
  const [params] = useSearchParams();
  const { fields, formProps, errorsFor } = useValidatedForm({ id: "brand-edit", schema: BrandEditSchema, lastResult: actionData?.result });
  const [live, setLive] = useState(() =>
    brand ? { name: brand.name, tagline: brand.tagline, palette: brand.palette, heading: brand.fonts.heading as string, body: brand.fonts.body as string } : null,
  );
  const message = actionData?.message;

  if (!brand) {
    return (
      <>
        <Panel title="Brand">
          {row ? <p className="mb-3"><AssetStatus status={row.status} /></p> : null}
          {row?.error ? <p role="alert" className="mb-3 text-sm text-red-700">{row.error}</p> : null}
          <p className="text-sm text-slate-700">This kit has no brand yet.</p>
          <Form method="post" className="mt-4">
            <Button type="submit" name="intent" value="regenerate">Generate brand</Button>
          </Form>
        </Panel>
      </>
    );
  }

  const p = brand.palette;
  const onInput = (e: React.FormEvent<HTMLFormElement>) => {
    formProps.onInput?.(e);
    const f = new FormData(e.currentTarget);
    const get = (k: string) => String(f.get(k) ?? "");
    const hex = (k: keyof Palette) => (/^#[0-9a-fA-F]{6}$/.test(get(k)) ? get(k).toUpperCase() : p[k]);
    setLive({
      name: get("name") || brand.name,
      tagline: get("tagline") || brand.tagline,
      palette: { primary: hex("primary"), secondary: hex("secondary"), accent: hex("accent"), background: hex("background"), text: hex("text") },
      heading: get("heading"),
      body: get("body"),
    });
  };
  const fontOptions = FONT_IDS.map((id) => ({ value: id, label: `${FONTS[id].family} (${FONTS[id].category})` }));

  return (
    <>
      <FontFaces ids={[brand.fonts.heading, brand.fonts.body, live?.heading ?? "", live?.body ?? ""]} />
      {params.get("saved") ? <p role="status" className="mb-4 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">Brand saved. Every logo file now follows it.</p> : null}
      {message ? <p role="alert" className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">{message}</p> : null}
      {row?.status === "failed" && row.error ? (
        <p role="alert" className="mb-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">Regenerating failed: {row.error} The previous brand is kept.</p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-6">
          <Panel
            title="Your brand"
            id="brand-overview"
            actions={
              <Form method="post">
                <Button type="submit" name="intent" value="regenerate" variant="secondary" size="sm" disabled={row?.status === "queued" || row?.status === "generating"}>
                  Regenerate brand
                </Button>
              </Form>
            }
          >
            <p data-testid="brand-name" className="text-2xl font-bold text-slate-900">{brand.name}</p>
            <p data-testid="brand-tagline" className="mt-1 text-slate-700">{brand.tagline}</p>
            <p className="mt-4 text-sm leading-6 text-slate-700"><span className="font-semibold">Positioning: </span>{brand.positioning}</p>
            <div className="mt-5 grid gap-5 sm:grid-cols-2">
              <div>
                <h3 className="text-sm font-semibold text-slate-900">Name ideas</h3>
                <ul className="mt-2 space-y-2 text-sm">
                  {brand.nameIdeas.map((n) => (
                    <li key={n.name}><span className="font-semibold">{n.name}</span> <span className="text-slate-600">— {n.reason}</span></li>
                  ))}
                </ul>
              </div>
              <div>
                <h3 className="text-sm font-semibold text-slate-900">Other taglines</h3>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
                  {brand.taglineAlternatives.map((t) => <li key={t}>{t}</li>)}
                </ul>
              </div>
            </div>
          </Panel>
          <Panel title="Palette" id="brand-palette">
            {brand.paletteAdjustments.length ? (
              <div role="note" data-testid="palette-adjustments" className="mb-4 rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900">
                <p className="font-semibold">Adjusted for readability (WCAG AA, 4.5:1):</p>
                <ul className="mt-1 list-disc pl-5">{brand.paletteAdjustments.map((a) => <li key={a.role}>{a.reason}</li>)}</ul>
              </div>
            ) : null}
            <ul className="grid gap-3 sm:grid-cols-5">
              {PALETTE_ROLES.map((role) => (
                <li key={role} className="overflow-hidden rounded-xl ring-1 ring-slate-200">
                  <div className="h-16" style={{ background: p[role] }} />
                  <div className="p-2.5 text-xs">
                    <p className="font-semibold capitalize text-slate-900">{role}</p>
                    <p data-testid={`hex-${role}`} className="font-mono text-slate-700">{p[role]}</p>
                    <p className="font-mono text-slate-600">{rgb(p[role])}</p>
                    <p className="mt-1 text-slate-600">on background {ratio(p[role], p.background)}:1</p>
                    <p className="text-slate-600">with text {ratio(p[role], p.text)}:1</p>
                  </div>
                </li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-slate-700">
              Text on background: <strong>{ratio(p.text, p.background)}:1</strong> · Button text on primary: <strong>{ratio(buttonTextColor(p), p.primary)}:1</strong>
            </p>
          </Panel>
          <Panel title="Typography and voice" id="brand-voice">
            <p className="text-sm text-slate-700">
              Headings: <span className="font-semibold" style={{ fontFamily: fontStack(brand.fonts.heading) }}>{FONTS[brand.fonts.heading].family}</span> · Body:{" "}
              <span style={{ fontFamily: fontStack(brand.fonts.body) }}>{FONTS[brand.fonts.body].family}</span>
            </p>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <div>
                <h3 className="text-sm font-semibold text-emerald-800">Do</h3>
                <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">{brand.voice.dos.map((d) => <li key={d}>{d}</li>)}</ul>
              </div>
              <div>
                <h3 className="text-sm font-semibold text-red-800">Don't</h3>
                <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">{brand.voice.donts.map((d) => <li key={d}>{d}</li>)}</ul>
              </div>
            </div>
            <h3 className="mt-4 text-sm font-semibold text-slate-900">Sounds like</h3>
            {brand.voice.samples.map((s) => <blockquote key={s} className="mt-2 border-l-4 border-brand-200 pl-3 text-sm italic text-slate-700">{s}</blockquote>)}
          </Panel>
        </div>
        <div className="space-y-6">
          {live ? <BrandPreview {...live} /> : null}
          <Panel title="Edit the brand" id="brand-edit-title">
            <Form method="post" {...formProps} onInput={onInput} className="space-y-4">
              <Field label="Business name" inputProps={{ ...getInputProps(fields.name, { type: "text" }), defaultValue: brand.name, maxLength: 40 }} errors={errorsFor("name", fields.name.errors)} />
              <Field label="Tagline" inputProps={{ ...getInputProps(fields.tagline, { type: "text" }), defaultValue: brand.tagline, maxLength: 80 }} errors={errorsFor("tagline", fields.tagline.errors)} />
              <fieldset>
                <legend className="mb-1.5 block text-sm font-medium text-slate-800">Colours</legend>
                <div className="grid grid-cols-5 gap-2">
                  {PALETTE_ROLES.map((role) => (
                    <label key={role} className="text-xs font-medium capitalize text-slate-700">
                      <input
                        {...withoutKey(getInputProps(fields[role], { type: "color" }))}
                        defaultValue={p[role].toLowerCase()}
                        aria-label={`${role} colour`}
                        className="mb-1 block h-10 w-full cursor-pointer rounded-lg border border-slate-300 bg-white p-0.5"
                      />
                      {role}
                    </label>
                  ))}
                </div>
                {PALETTE_ROLES.map((role) => errorsFor(role, fields[role].errors)?.map((e) => <p key={`${role}${e}`} role="alert" className="mt-1 text-sm text-red-700">{e}</p>))}
              </fieldset>
              <SelectField label="Heading font" selectProps={{ ...getSelectProps(fields.heading), defaultValue: brand.fonts.heading }} options={fontOptions} errors={errorsFor("heading", fields.heading.errors)} />
              <SelectField label="Body font" selectProps={{ ...getSelectProps(fields.body), defaultValue: brand.fonts.body }} options={fontOptions} errors={errorsFor("body", fields.body.errors)} />
              <Button type="submit" name="intent" value="save">Save brand</Button>
              <p className="text-xs text-slate-600">Saving re-draws every logo file of this kit with the new name, colours and fonts. No AI is called.</p>
            </Form>
          </Panel>
        </div>
      </div>
    </>
  );
}
