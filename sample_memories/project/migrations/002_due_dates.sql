alter table todos add column due date;
