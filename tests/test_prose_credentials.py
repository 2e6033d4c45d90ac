"""Issue 36 item 1 (stop 36): a password written after its label in prose, in any language,
and one given on a command line, are found; placeholders, variables, references and names
stay clean. All text written here, modelled on shapes real memories hold."""
from __future__ import annotations

import pytest

from tui.core.secrets.detect import find_secrets, redact

FOUND = [
    "FTP 계정: deployer / 비밀번호 Qw7rT2pLx9",
    "Servidor de homologação: senha Trv82kPq1z",
    "BD de pruebas: contraseña: Lm4pQ9xZr2",
    "测试服务器 密码 Hk29vLmq7x",
    "ステージング パスワード: Zp8mQ2rTx5",
    "Сервер: пароль Nq5tR8wLp2",
    "Accès FTP : mot de passe Vb7nK3qLs9",
    "Sunucu şifre: Ry6pK2mXq8",
    "Login: admin, password Xz7pQ2rLm9 for the staging panel",
    "echo 'Tr0ub4dor9x' | sudo -S systemctl restart app",
    "sshpass -p 'Kq8zL2mP5x' ssh deploy@host",
    "sshpass -p Kq8zL2mP5x scp dump.sql host:",
    "mysql -u root -pKq8zL2mP5x appdb < dump.sql",
    "redis-cli -h cache -a Kq8zL2mP5x ping",
    "Status 2026-04-12: API token: 3f9a1c7e5b2d8f4a6c0e9b1d deployed",
]
CLEAN = [
    "FTP 계정: user / 비밀번호 <password>",
    "password: xxx", "password: ****", "token: ${API_TOKEN}", "token: your-token",
    "set the PASSWORD env var and pass --password-file",
    "the password is in 1Password", "senha no cofre (vault)", "contraseña en .env",
    "密码在 .env 文件里", "パスワードは1Passwordにある", "пароль хранится в менеджере паролей",
    "mot de passe dans le coffre", "Passwort steht in der .env", "şifre .env dosyasında",
    "echo \"$PASSWORD\" | sudo -S apt update", "sshpass -p \"$SSHPASS\" ssh host",
    "mysql -u root -p appdb", "Password is env-format: read it from DB_PASSWORD",
    "2. Pass 2 score with each signal", "Sanity PASS: 1.0 multiplier",
    "commit 3f9a1c7e5b2d8f4a6c0e9b1d7a2c4e6f8b0d1a3c fixed token refresh",
    "password: !secret db_password", "password reset flow lives in auth/reset.ts",
]


@pytest.mark.parametrize("line", FOUND)
def test_a_labelled_or_piped_password_is_found_and_never_echoed(line):
    hits = find_secrets(line)
    assert hits, line
    value = line[hits[0].start:hits[0].end]
    assert value not in redact(line)


@pytest.mark.parametrize("line", CLEAN)
def test_placeholders_references_and_names_stay_clean(line):
    assert find_secrets(line) == [], line
