import { describe, expect, it } from 'vitest';
import { ControlSocketTickets } from './control-socket-tickets';

describe('socket tickets', () => {
  it('answers the client a ticket was issued to, once, and nothing after it expired', () => {
    let now = 1_000;
    const tickets = new ControlSocketTickets(() => now, 30_000);
    const { ticket, expiresInMs } = tickets.issue('client-a');
    expect(expiresInMs).toBe(30_000);
    expect(tickets.redeem(ticket)).toBe('client-a');
    expect(tickets.redeem(ticket)).toBeNull();
    const late = tickets.issue('client-a').ticket;
    now += 30_000;
    expect(tickets.redeem(late)).toBeNull();
    expect(tickets.redeem('never-issued')).toBeNull();
  });

  it('keeps a few tickets per client and a bounded number in all; a revoked client’s go', () => {
    const tickets = new ControlSocketTickets();
    const issued = Array.from({ length: 6 }, () => tickets.issue('client-a').ticket);
    expect(tickets.size).toBe(4);
    // The oldest went first.
    expect(tickets.redeem(issued[0]!)).toBeNull();
    expect(tickets.redeem(issued[5]!)).toBe('client-a');
    for (let i = 0; i < 100; i++) tickets.issue(`client-${i}`);
    expect(tickets.size).toBe(64);
    const kept = tickets.issue('client-b').ticket;
    tickets.forget(new Set(['client-a']));
    expect(tickets.redeem(kept)).toBeNull();
  });

  it('tickets are random and not one another', () => {
    const tickets = new ControlSocketTickets();
    const seen = new Set(Array.from({ length: 50 }, () => tickets.issue('c').ticket));
    expect(seen.size).toBe(50);
  });
});
