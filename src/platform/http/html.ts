// Text written into HTML or XML the server makes (the sandbox's pages, the web app's page heads, the
// sitemap): every character that could end an attribute or open a tag is written as a reference.

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
