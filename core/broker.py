"""The Redis broker transport, with one fix: a worker survives losing Redis while tasks run.

kombu 5.7's Redis channel (celery 5.7, the latest release) crashes the worker when Redis goes away
while late-acknowledged tasks are in flight. On the connection error the consumer collects its
connection: the channel's close is cut short by the dead socket (its pending BRPOP read raises), and
the connection's transport is detached (`transport.client = None`). The consumer then closes the
connection again; this second close tries to requeue the unacknowledged messages, builds a new
connection pool from `transport.client` and raises `AttributeError: 'NoneType' object has no
attribute 'hostname'`. That is not a connection error, so the worker stops with "Unrecoverable
error" instead of reconnecting (kombu issue #582 shows the same failure). Here, a channel whose
connection is closed answers a connection error, which every caller already handles: the close goes
on, and the consumer reconnects with backoff. Messages it could not requeue are sent again by the
sweepers (`docs/scoring.md`).

And one addition: the `urgent` queue, for work someone is waiting on right now (a store's round
that its last report closes), is always asked first; the other queues are taken in turn, as
kombu's default does (`UrgentFirstCycle`, CELERY_BROKER_TRANSPORT_OPTIONS).
"""

from kombu.transport import redis as kombu_redis
from kombu.utils.scheduling import round_robin_cycle
from redis.exceptions import ConnectionError as RedisConnectionError


class Channel(kombu_redis.Channel):
    def _connparams(self, asynchronous=False):
        if self.connection.client is None:
            raise RedisConnectionError("the broker connection is closed")
        return super()._connparams(asynchronous=asynchronous)


class Transport(kombu_redis.Transport):
    Channel = Channel


URGENT = "urgent"


class UrgentFirstCycle(round_robin_cycle):
    """The order a worker asks its queues for the next message (Redis's BRPOP takes the first
    non-empty one): `urgent` first, always; the others in turn, so that no queue starves another."""

    def consume(self, n):
        return sorted(super().consume(n), key=lambda queue: queue != URGENT)

    def rotate(self, last_used):
        if last_used != URGENT:
            super().rotate(last_used)
        return last_used
