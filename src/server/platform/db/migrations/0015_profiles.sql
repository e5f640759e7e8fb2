-- profiles: tables are added by the change that builds this domain.
SELECT 1;
