export interface StoredMail {
  id: number;
  to: string[];
  from: string;
  subject: string;
  text: string;
  date: string;
}

/** The sandbox inbox: what its SMTP server received, newest first, bounded like a dev mail catcher. */
export class MailStore {
  private readonly messages: StoredMail[] = [];
  private nextId = 1;

  constructor(private readonly limit = 500) {}

  add(mail: Omit<StoredMail, 'id'>): StoredMail {
    const stored = { id: this.nextId++, ...mail };
    this.messages.unshift(stored);
    this.messages.length = Math.min(this.messages.length, this.limit);
    return stored;
  }

  /** Messages whose recipients include `to` (case-insensitive), or all. */
  list(to?: string): StoredMail[] {
    if (!to) return [...this.messages];
    const wanted = to.toLowerCase();
    return this.messages.filter((m) => m.to.some((addr) => addr.toLowerCase() === wanted));
  }

  clear(): void {
    this.messages.length = 0;
  }
}
