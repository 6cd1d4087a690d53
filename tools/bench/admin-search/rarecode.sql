select t.* from taskrow_task t where t.status in ('SUCCESS', 'FAILED') and t.status = 'FAILED' and t.error_code = 'RARE_CODE' order by t.created_at desc, t.id desc limit 51;
