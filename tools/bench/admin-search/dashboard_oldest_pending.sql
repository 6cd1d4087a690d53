select queue, extract(epoch from now() - min(created_at))::bigint as age_seconds from taskrow_task where status = 'PENDING' group by queue;
